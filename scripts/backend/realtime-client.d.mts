export function subscribeRealtime(
  baseUrl: string,
  token: string,
  topic: string | string[],
  onEvent: (event: { name: string; data: { action: string; record: Record<string, unknown> } }) => void,
): Promise<{ status: number; close: () => void; ended: Promise<void> }>;
