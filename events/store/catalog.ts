// The event catalog: every event type has a name, a version and a zod schema; old versions upcast forward.
import { z } from 'zod';
import { InvalidError } from '../errors';
import { toRecorded, type EventRow } from './read';
import { closeData, openData, type PersonalFields } from './sealing';
import type { EventDefinition, EventMetadata, NewEvent, RecordedEvent } from './types';

export interface EventOptions<S extends z.ZodType> {
  /** Upcasters: upcast[v] maps a payload of version v to version v + 1. */
  upcast?: Record<number, (data: unknown) => unknown>;
  /**
   * Its personal fields (e-mail, names, anything a person wrote) and whose they are, e.g.
   * `{ subject: (d) => userSubject(d.userId), fields: ['email', 'answers[].text'] }`. Every string field of an
   * event is either here or on the allow-list of personal-fields.test.ts.
   */
  personal?: PersonalFields<z.output<S>>;
}

export function defineEvent<T extends string, S extends z.ZodType>(
  type: T,
  version: number,
  schema: S,
  { upcast = {}, personal }: EventOptions<S> = {},
): EventDefinition<T, S> {
  return {
    type,
    version,
    schema,
    upcast,
    ...(personal ? { personal } : {}),
    create: (data, options: { eventId?: string; metadata?: EventMetadata } = {}) => ({
      type,
      data,
      ...(options.eventId ? { eventId: options.eventId } : {}),
      ...(options.metadata ? { metadata: options.metadata } : {}),
    }),
    is: (event: RecordedEvent): event is RecordedEvent<T, z.output<S>> => event.type === type,
  };
}

export class InvalidEventError extends InvalidError {}

export class EventCatalog {
  private readonly byType = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[] = []) {
    for (const d of definitions) this.register(d);
  }

  register(definition: EventDefinition): this {
    if (this.byType.has(definition.type)) throw new Error(`event type ${definition.type} registered twice`);
    this.byType.set(definition.type, definition);
    return this;
  }

  types(): string[] {
    return [...this.byType.keys()];
  }

  definitions(): EventDefinition[] {
    return [...this.byType.values()];
  }

  /** The personal fields of a type, when it has any. */
  personal(type: string): PersonalFields<unknown> | undefined {
    return this.byType.get(type)?.personal as PersonalFields<unknown> | undefined;
  }

  /**
   * A stored row as the application sees it: its sealed fields opened with the key read along with it (none
   * when its person was forgotten: REDACTED and `redacted`), then upcast to its type's current version.
   */
  open(row: EventRow): RecordedEvent {
    const event = toRecorded(row);
    const personal = event.metadata.sealedFor === undefined ? undefined : this.personal(event.type);
    if (!personal) return this.upcast(event);
    const { data, redacted } = openData(personal.fields, event.eventId, event.data, row.person_key ?? null);
    return this.upcast(redacted ? { ...event, data, redacted: true } : { ...event, data });
  }

  /**
   * Like `open`, but its sealed fields stay closed (ClosedValues, see sealing.ts) for a fold that opens only
   * what it shows (openClosed). An event that needs upcasting is opened now: an upcaster may read its texts.
   */
  openClosedLater(row: EventRow): RecordedEvent {
    const event = toRecorded(row);
    const personal = event.metadata.sealedFor === undefined ? undefined : this.personal(event.type);
    const def = this.byType.get(event.type);
    if (!personal || (def && event.version < def.version)) return this.open(row);
    const { data, redacted } = closeData(personal.fields, event.eventId, event.data, row.person_key ?? null, event.metadata.sealedFor);
    return redacted ? { ...event, data, redacted: true } : { ...event, data };
  }

  /** Validates a new event's payload; returns the parsed payload and its version. */
  validate(event: NewEvent): { data: unknown; version: number } {
    const def = this.byType.get(event.type);
    if (!def) throw new InvalidEventError(`Tipo de evento desconocido: ${event.type}`);
    const parsed = def.schema.safeParse(event.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InvalidEventError(
        `Datos inválidos para ${event.type}: ${issue?.path.join('.') || '(raíz)'} ${issue?.message ?? ''}`.trim(),
        parsed.error.issues,
      );
    }
    return { data: parsed.data, version: def.version };
  }

  /** Brings a stored payload up to the current version of its type. */
  upcast(event: RecordedEvent): RecordedEvent {
    const def = this.byType.get(event.type);
    if (!def || event.version >= def.version) return event;
    let data = event.data;
    for (let v = event.version; v < def.version; v++) {
      const step = def.upcast[v];
      if (!step) throw new Error(`no upcaster for ${event.type} v${v}`);
      data = step(data);
    }
    return { ...event, data, version: def.version };
  }
}
