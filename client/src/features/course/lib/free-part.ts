// What is free in the course, in the words of an invitation to the paid part: read from the syllabus data,
// so it never promises more than the course gives (today the first activities of week 1, not the whole week).
import { freePart } from '../../../../../course/rules';

export function freePartText(part: ReturnType<typeof freePart> = freePart()): string {
  const { count, module, opening, wholeModule } = part;
  if (count === 0) return '';
  if (wholeModule) return `La semana ${module} es tuya, gratis.`;
  if (opening) {
    return count === 1
      ? `La primera actividad de la semana ${module} es tuya, gratis.`
      : `Las primeras ${count} actividades de la semana ${module} son tuyas, gratis.`;
  }
  return count === 1 ? 'Una actividad del curso es tuya, gratis.' : `${count} actividades del curso son tuyas, gratis.`;
}
