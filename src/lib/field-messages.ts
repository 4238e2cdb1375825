/**
 * The pt-BR field and limit messages the browser and the server both show, from the one file the server's
 * hooks load (pocketbase/pb_hooks/lib/mensagens.json).
 */
import messages from '../../pocketbase/pb_hooks/lib/mensagens.json';

export const FIELD_MESSAGES: Readonly<typeof messages> = messages;
