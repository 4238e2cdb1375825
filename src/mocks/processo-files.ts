/**
 * The demo's file storage for the case file's protected files: kept in the tab (memory, and sessionStorage
 * when a file fits), served only with a file token of someone who may see the record, like PocketBase's
 * `protected` file field.
 */
import { REGRAS } from '@/lib/processo';
import { TOKEN_S } from './collections';
import { signToken, verifyToken } from './jwt';
import { newId } from './util';

const files = new Map<string, Blob>();

function storage(): Storage | null {
  return typeof sessionStorage !== 'undefined' && import.meta.env.MODE !== 'test' ? sessionStorage : null;
}

const keyOf = (recordId: string, filename: string) => `demo-arquivo:${recordId}/${filename}`;
const fromBase64 = (data: string) => Uint8Array.from(atob(data), (c) => c.charCodeAt(0));

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function storeFile(recordId: string, filename: string, file: Blob): Promise<void> {
  files.set(keyOf(recordId, filename), file);
  const store = storage();
  if (!store) return;
  try {
    const data = toBase64(new Uint8Array(await file.arrayBuffer()));
    store.setItem(keyOf(recordId, filename), `${file.type};${data}`);
  } catch {
    // too big for sessionStorage: kept in memory until the tab reloads
  }
}

/** An example file for the seeded cases (their files were never uploaded in this tab). */
const EXAMPLE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const EXAMPLE_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/MediaBox[0 0 595 842]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

export function readFile(recordId: string, filename: string): Blob | null {
  const inMemory = files.get(keyOf(recordId, filename));
  if (inMemory) return inMemory;
  const stored = storage()?.getItem(keyOf(recordId, filename))?.split(';');
  if (stored) return new Blob([fromBase64(stored[1] ?? '')], { type: stored[0] });
  if (!filename.includes('_exemplo')) return null;
  return filename.endsWith('.pdf')
    ? new Blob([EXAMPLE_PDF], { type: 'application/pdf' })
    : new Blob([fromBase64(EXAMPLE_PNG)], { type: 'image/png' });
}

/** The type the bytes say (PocketBase sniffs it; the name and the browser's claim do not count). */
export async function sniffType(file: Blob): Promise<string> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  return 'application/octet-stream';
}

/** What PocketBase checks of an uploaded file: the sniffed type and the size; null when accepted. */
export async function fileFieldError(file: Blob): Promise<{ code: string; message: string } | null> {
  if (file.size > REGRAS.arquivos.tamanhoMaxBytes)
    return {
      code: 'validation_file_size_limit',
      message: `Failed to upload file - the maximum allowed file size is ${REGRAS.arquivos.tamanhoMaxBytes} bytes.`,
    };
  const type = await sniffType(file);
  if (!REGRAS.arquivos.tipos.includes(type))
    return {
      code: 'validation_invalid_mime_type',
      message: `"${type}" mime type is not allowed (supported: ${REGRAS.arquivos.tipos.join(', ')}).`,
    };
  return null;
}

/** PocketBase's stored name: the original's, sanitized, with a random suffix (never guessable). */
export function storedName(original: string): string {
  const dot = original.lastIndexOf('.');
  const ext =
    dot > 0
      ? original
          .slice(dot)
          .toLowerCase()
          .replace(/[^.a-z0-9]/g, '')
      : '';
  const base = (dot > 0 ? original.slice(0, dot) : original)
    .normalize('NFD')
    .replace(/[^\w]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase()
    .slice(0, 100);
  return `${base || 'arquivo'}_${newId(10)}${ext}`;
}

export function fileToken(userId: string): string {
  return signToken({
    id: userId,
    type: 'file',
    collectionId: '_pb_users_auth_',
    exp: Math.floor(Date.now() / 1000) + TOKEN_S.file,
  });
}

/** The user a file token was issued to; null for a missing, forged or expired one. */
export function fileTokenUser(token: string | null): string | null {
  const payload = token ? verifyToken(token) : null;
  return payload && payload.type === 'file' && typeof payload.id === 'string' ? payload.id : null;
}
