/** The performer's own profile (docs/product.md §7 getUserData). */
import type { UserProfile } from '../../contract/profile';
import type { Visibility } from '../../contract/profile-options';
import { api } from './client';

/** updateBasicInfo as form data: answers the saved profile. */
export const updateBasicInfo = (form: FormData) => api<UserProfile>('/api/audition/updateBasicInfo', { form });

/** updateBasicInfo as JSON { visibility }: the profile switch. */
export const updateVisibility = (visibility: Visibility) =>
  api<UserProfile>('/api/audition/updateBasicInfo', { json: { visibility } });

export const updateAppearance = (form: FormData) => api<UserProfile>('/api/audition/updateAppearance', { form });

export const registerProfilePic = (profilePicUrl: string) =>
  api<{ profileUrl: string; _id: string }>('/api/upload/profilePic', { json: { profilePicUrl } });
