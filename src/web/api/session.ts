/** The browser storage keys of docs/product.md §3, read and written in one place. */
export const STORAGE_KEYS = {
  token: 'token',
  id: 'id',
  image: 'image',
  profile: 'Audition',
  updatedProfile: 'updatedProfile',
  created: 'created',
  /** performer or studio, from the login answer: where the nav bar and the dashboard lead. */
  role: 'role',
} as const;

/** sessionStorage: the last sign-up's e-mail already had an account (/login says so). */
export const SIGNUP_EXISTED = 'signupExisted';
/**
 * The e-mail just verified by code, for /login to fill in and to say "verified" once
 * (docs/security.md, "After the code"); /login removes it as it reads it. The spec's
 * `created` flag stays as the spec has it, but no longer drives the line.
 */
export const JUST_VERIFIED_EMAIL = 'justVerifiedEmail';

const logoutListeners = new Set<() => void>();

export const session = {
  token: () => localStorage.getItem(STORAGE_KEYS.token),
  isLoggedIn: () => Boolean(localStorage.getItem(STORAGE_KEYS.token)),
  isStudio: () => Boolean(localStorage.getItem(STORAGE_KEYS.token)) && localStorage.getItem(STORAGE_KEYS.role) === 'studio',
  saveLogin(token: string, id: string, role: 'performer' | 'studio' = 'performer') {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.id, id);
    localStorage.setItem(STORAGE_KEYS.role, role);
  },
  /** docs/product.md §3: the last saved profile, its picture, and the 'updated' flag after an edit. */
  rememberSavedProfile(profile: { profilePic: string }) {
    localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(profile));
    localStorage.setItem(STORAGE_KEYS.image, profile.profilePic);
    sessionStorage.setItem(STORAGE_KEYS.updatedProfile, 'yes');
  },
  /** Spec: logout removes token, id and image, then clears all local storage. */
  logout() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.id);
    localStorage.removeItem(STORAGE_KEYS.image);
    localStorage.clear();
    for (const listener of logoutListeners) listener();
  },
  /** Runs `listener` after every logout (e.g. to forget cached answers); only code already loaded registers. */
  onLogout(listener: () => void) {
    logoutListeners.add(listener);
  },
};
