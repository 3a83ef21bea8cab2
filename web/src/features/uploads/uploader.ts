/** What the upload dialog needs from a resumable-upload client (Uppy + tus in the app). */
export interface UploadEvents {
  onProgress(key: string, bytesUploaded: number, bytesTotal: number): void;
  /** The bytes are all on the hub; `uploadUrl` is the tus upload's address. */
  onUploaded(key: string, uploadUrl: string): void;
  /** `message` is the client's or hub's text; a hub refusal carries its error code in it. */
  onFailed(key: string, message: string): void;
}

export interface UploaderOptions {
  endpoint: string;
  /** Read per request, so a renewed CSRF token is used. */
  headers(): Record<string, string>;
}

export interface Uploader {
  add(key: string, file: File, metadata: Record<string, string>): void;
  start(): void;
  /** Resumes a failed upload from the last byte the hub stored (tus). */
  retry(key: string): void;
  remove(key: string): void;
}

export type CreateUploader = (options: UploaderOptions, events: UploadEvents) => Uploader;

/** Loaded on first use: the upload client is only in the bundle users fetch once they upload. */
export async function loadUploader(): Promise<CreateUploader> {
  const { createUppyUploader } = await import('./uppy-uploader');
  return createUppyUploader;
}
