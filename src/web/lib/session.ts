/** The browser storage keys of spec §3, read and written in one place. */
export const STORAGE_KEYS = {
  token: 'token',
  id: 'id',
  image: 'image',
  profile: 'Audition',
  updatedProfile: 'updatedProfile',
  created: 'created',
} as const;

const logoutListeners = new Set<() => void>();

export const session = {
  token: () => localStorage.getItem(STORAGE_KEYS.token),
  isLoggedIn: () => Boolean(localStorage.getItem(STORAGE_KEYS.token)),
  saveLogin(token: string, id: string) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.id, id);
  },
  /** Spec §3: the last saved profile, its picture, and the 'updated' flag after an edit. */
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
