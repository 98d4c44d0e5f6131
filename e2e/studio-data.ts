/** Reads the seeded demo studios and their jobs straight from the running app's API. */
import type { JobsAnswer, Studio } from '../src/contract/studios.js';
import { baseUrl } from './harness.js';

export async function apiGet<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

export async function allStudios(): Promise<Studio[]> {
  return apiGet<Studio[]>('/api/audition/getAllStudio?limit=100');
}

export async function studioNamed(name: string): Promise<Studio> {
  const found = (await allStudios()).find((s) => s.fname === name);
  if (!found) throw new Error(`no studio named ${name}`);
  return found;
}

export const jobsOf = async (studio: Studio) => (await apiGet<JobsAnswer>(`/api/studio/alljobs/${studio._id}`)).post;
