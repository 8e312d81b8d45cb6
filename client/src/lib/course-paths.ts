// The course's addresses: the syllabus, and each activity under it by its URL slug (course/syllabus.ts).
export const SYLLABUS_PATH = '/cursos/manifiesta';

export const activityPath = (slug: string) => `${SYLLABUS_PATH}/${slug}`;
