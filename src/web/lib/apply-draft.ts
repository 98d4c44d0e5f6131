/**
 * The apply form's draft for one job (docs/applications.md, "Applying per role"): the note,
 * the chosen media and roles are kept in this tab's session storage while the performer goes
 * to choose a plan, and put back when they return; sending the application drops it.
 */
export interface ApplyDraft {
  note: string;
  media: string[];
  roleIds: string[];
}

const key = (jobId: string) => `audition:apply-draft:${jobId}`;

export function readDraft(jobId: string): ApplyDraft | null {
  try {
    const raw = sessionStorage.getItem(key(jobId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<ApplyDraft>;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    return { note: typeof d.note === 'string' ? d.note : '', media: strings(d.media), roleIds: strings(d.roleIds) };
  } catch {
    return null;
  }
}

export function saveDraft(jobId: string, draft: ApplyDraft) {
  try {
    if (!draft.note && draft.media.length === 0 && draft.roleIds.length === 0) sessionStorage.removeItem(key(jobId));
    else sessionStorage.setItem(key(jobId), JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, full): the draft just is not kept.
  }
}

export function dropDraft(jobId: string) {
  try {
    sessionStorage.removeItem(key(jobId));
  } catch {
    // As above.
  }
}
