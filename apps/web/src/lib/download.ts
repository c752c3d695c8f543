/**
 * Saves a fetched file on the reader's device: under `name` when given, else the name the server sends in
 * Content-Disposition, else `fallback`. Files behind a bearer token cannot be plain links, so they are fetched first.
 */
export async function saveResponse(response: Response, fallback: string, name?: string): Promise<void> {
  const blob = await response.blob();
  const served = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name ?? served ?? fallback;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
