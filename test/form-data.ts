/** A multipart/form-data body of text fields only, as the profile forms send. */
import { randomBytes } from 'node:crypto';

export function formFields(fields: Record<string, string>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----audition${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
