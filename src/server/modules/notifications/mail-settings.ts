/** Where links in mails point, for every area that mails (docs/applications.md). */
export interface MailSettings {
  origin: string;
}

/** Where links in mails point: PUBLIC_URL, or this server. */
export function mailSettings(env: { PUBLIC_URL?: string; PORT: number | string }): MailSettings {
  return { origin: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}
