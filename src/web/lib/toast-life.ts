import { LIMITS } from '../../contract/limits';

export type Tone = 'error' | 'success';

/**
 * How long a toast stands: an error the spec's 5000 ms; a success its reading time, so a
 * close's list of who was told can be read before it goes (docs/screens.md, "Toasts").
 */
export function toastLifeMs(text: string, tone: Tone): number {
  if (tone === 'error') return LIMITS.toastMs;
  return Math.max(LIMITS.toastMs, text.trim().split(/\s+/).length * LIMITS.toastMsPerWord);
}
