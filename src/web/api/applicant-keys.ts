/** The query keys of a job's applicants and of one applicant: each file's writes update the other's reads. */
export const jobApplicantsKey = (jobId: string) => ['applications', 'job', jobId] as const;
export const applicantKey = (id: string) => ['applications', 'one', id] as const;
