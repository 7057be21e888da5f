/** The two review queues of the console: the URL segment, the kind of listing and the layout's section. */
export const REVIEW_QUEUES = {
  properties: 'property',
  projects: 'project',
} as const;
export type ReviewQueueName = keyof typeof REVIEW_QUEUES;

export function reviewQueueOf(segment: string | undefined): ReviewQueueName | null {
  return segment === 'properties' || segment === 'projects' ? segment : null;
}
