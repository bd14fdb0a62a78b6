/**
 * The demo's calendar tools: list events, create one, find a free slot, cancel one.
 *
 * Times are local `YYYY-MM-DDTHH:MM` strings in the team's one time zone; minutes since
 * midnight do the arithmetic, so no clock or time zone of the machine is involved.
 *
 * @module
 */

import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { answer, type CalendarEvent, type DemoState, failure, nextId } from './state.js';

const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (text) =>
      !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
      new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    'not a calendar date',
  )
  .describe('A date as YYYY-MM-DD.');
const TimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .describe('A time of day as HH:MM (24 hours).');
const StartSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/)
  .describe('Local start time as YYYY-MM-DDTHH:MM.');
const DurationSchema = z.number().int().min(15).max(480).describe('Length in minutes, 15-480.');
const MAX_RANGE_DAYS = 31;

function minutes(time: string): number {
  const [hours, mins] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
}

function formatTime(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

function eventsOn(state: DemoState, date: string): CalendarEvent[] {
  return [...state.events.values()]
    .filter((event) => event.start.startsWith(date))
    .sort(
      (left, right) => left.start.localeCompare(right.start) || left.id.localeCompare(right.id),
    );
}

function overlaps(event: CalendarEvent, date: string, start: number, end: number): boolean {
  if (!event.start.startsWith(date)) return false;
  const eventStart = minutes(event.start.slice(11));
  return eventStart < end && start < eventStart + event.durationMinutes;
}

/** Registers the calendar tools on `server`, working on `state`. */
export function registerCalendarTools(server: McpServer, state: DemoState): void {
  server.registerTool(
    'calendar_list_events',
    {
      title: 'List calendar events',
      description:
        'Lists the events between two dates, both included, in start order. The range may span at most 31 days; ask for several ranges to cover more.',
      inputSchema: z.object({ from: DateSchema, to: DateSchema }),
      annotations: { readOnlyHint: true },
    },
    async ({ from, to }) => {
      const span = daysBetween(from, to);
      if (span < 0) return failure('INVALID_RANGE', `${to} is before ${from}`);
      if (span >= MAX_RANGE_DAYS)
        return failure('INVALID_RANGE', `the range spans more than ${MAX_RANGE_DAYS} days`);
      const events = [...state.events.values()]
        .filter((event) => event.start.slice(0, 10) >= from && event.start.slice(0, 10) <= to)
        .sort(
          (left, right) => left.start.localeCompare(right.start) || left.id.localeCompare(right.id),
        );
      return answer({ events });
    },
  );

  server.registerTool(
    'calendar_create_event',
    {
      title: 'Create a calendar event',
      description:
        'Books a calendar event of a given length, optionally inviting attendees by email. It starts at a given time for a number of minutes; an event may not end after midnight, and it may not overlap another event unless allow_overlap is true.',
      inputSchema: z.object({
        title: z.string().min(1).max(120).describe('The event title, 1-120 characters.'),
        start: StartSchema,
        duration_minutes: DurationSchema,
        attendees: z
          .array(z.email())
          .max(20)
          .default([])
          .describe('Email addresses to invite, up to 20.'),
        allow_overlap: z
          .boolean()
          .default(false)
          .describe('Book even when the time overlaps another event.'),
      }),
    },
    async ({ title, start, duration_minutes, attendees, allow_overlap }) => {
      const date = start.slice(0, 10);
      const begin = minutes(start.slice(11));
      const end = begin + duration_minutes;
      if (end > 24 * 60) return failure('INVALID_RANGE', 'the event would end after midnight');
      const clash = eventsOn(state, date).find((event) => overlaps(event, date, begin, end));
      if (clash !== undefined && !allow_overlap) {
        return failure(
          'CONFLICT',
          `overlaps ${clash.id} "${clash.title}" at ${clash.start.slice(11)}`,
        );
      }
      const id = nextId(state, 'event');
      state.events.set(id, { id, title, start, durationMinutes: duration_minutes, attendees });
      return answer({ id, start, end: `${date}T${formatTime(end)}` });
    },
  );

  server.registerTool(
    'calendar_find_free_slot',
    {
      title: 'Find a free slot',
      description:
        'Finds the earliest free time on a day for a meeting of a given length. It looks between working hours (09:00-17:00 unless given); slots start on the quarter hour.',
      inputSchema: z.object({
        date: DateSchema,
        duration_minutes: DurationSchema,
        earliest: TimeSchema.default('09:00').describe('Earliest start, HH:MM (default 09:00).'),
        latest: TimeSchema.default('17:00').describe('Latest end, HH:MM (default 17:00).'),
      }),
      annotations: { readOnlyHint: true },
    },
    async ({ date, duration_minutes, earliest, latest }) => {
      const first = Math.ceil(minutes(earliest) / 15) * 15;
      const last = minutes(latest);
      const busy = eventsOn(state, date);
      for (let start = first; start + duration_minutes <= last; start += 15) {
        if (!busy.some((event) => overlaps(event, date, start, start + duration_minutes))) {
          return answer({
            start: `${date}T${formatTime(start)}`,
            end: `${date}T${formatTime(start + duration_minutes)}`,
          });
        }
      }
      return failure(
        'NO_FREE_SLOT',
        `no ${duration_minutes}-minute slot between ${earliest} and ${latest} on ${date}`,
      );
    },
  );

  server.registerTool(
    'calendar_cancel_event',
    {
      title: 'Cancel an event',
      description: 'Cancels an event and notifies its attendees. This cannot be undone.',
      inputSchema: z.object({
        id: z
          .string()
          .regex(/^event-\d+$/)
          .describe('An event id, e.g. "event-3".'),
      }),
      annotations: { destructiveHint: true },
    },
    async ({ id }) => {
      const event = state.events.get(id);
      if (event === undefined) return failure('NOT_FOUND', `no event ${id}`);
      state.events.delete(id);
      return answer({ id, cancelled: true, notified: event.attendees });
    },
  );
}
