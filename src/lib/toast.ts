// Screens that toast import `toast` from here, not from react-toastify: loading this module mounts the
// container (lib/toast-host.ts), so the library arrives with the first screen that can toast.
import { requestToastHost } from './toast-host';

export { toast } from 'react-toastify/unstyled';

requestToastHost();
