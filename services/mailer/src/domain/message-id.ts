/** The same Message-ID for every copy of a job's mail: `<job-id@domain of MAIL_FROM>`. */
export function messageIdFor(jobId: string, mailFrom: string): string {
  const domain = /@([^@\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<${jobId}@${domain}>`;
}
