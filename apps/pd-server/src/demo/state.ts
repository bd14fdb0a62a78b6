/**
 * The demo's data: notes, tasks and calendar events of a small team, the same for every session.
 *
 * Each session gets its own copy, so what one session changes no other session sees. The
 * demo's "today" is fixed, so answers are the same on every run.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';

/** The demo's fixed today (a Monday); dates before it are past. */
export const DEMO_TODAY = '2026-03-02';

/** A note. */
export interface Note {
  id: string;
  title: string;
  body: string;
  tags: string[];
  updated: string;
}

/** A task. */
export interface Task {
  id: string;
  title: string;
  status: 'open' | 'done';
  due: string | undefined;
  project: string | undefined;
  priority: 'low' | 'normal' | 'high';
}

/** A calendar event; `start` is local time `YYYY-MM-DDTHH:MM`. */
export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  durationMinutes: number;
  attendees: string[];
}

/** One session's data, and its id counters. */
export interface DemoState {
  notes: Map<string, Note>;
  tasks: Map<string, Task>;
  events: Map<string, CalendarEvent>;
  /** The next number of each id prefix. */
  counters: { note: number; task: number; event: number };
}

/** A successful answer carrying `value` as JSON text. */
export function answer(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** A failed answer: `CODE: message`, the form the descriptions' error guidance documents. */
export function failure(code: string, message: string): CallToolResult {
  return { content: [{ type: 'text', text: `${code}: ${message}` }], isError: true };
}

/** Creates a fresh copy of the demo data. */
export function createDemoState(): DemoState {
  const notes: Note[] = [
    {
      id: 'note-1',
      title: 'Q2 planning kickoff',
      body: 'Goals: ship the offline mode, cut cold start to 2 s. Owners: Ana (offline), Li (startup).',
      tags: ['planning', 'q2'],
      updated: '2026-02-26',
    },
    {
      id: 'note-2',
      title: 'Customer call: Northwind',
      body: 'They need SSO before renewal in May. Follow up with a security questionnaire.',
      tags: ['customers', 'sales'],
      updated: '2026-02-27',
    },
    {
      id: 'note-3',
      title: 'Release checklist',
      body: 'Freeze on Wednesday, smoke tests Thursday, release notes reviewed by Li, ship Friday.',
      tags: ['release'],
      updated: '2026-02-20',
    },
    {
      id: 'note-4',
      title: 'Offline mode design',
      body: 'Sync queue in IndexedDB, last-writer-wins per field, conflicts surfaced in the UI.',
      tags: ['design', 'q2'],
      updated: '2026-02-28',
    },
  ];
  const tasks: Task[] = [
    {
      id: 'task-1',
      title: 'Send Northwind the security questionnaire',
      status: 'open',
      due: '2026-03-04',
      project: 'sales',
      priority: 'high',
    },
    {
      id: 'task-2',
      title: 'Write offline mode test plan',
      status: 'open',
      due: '2026-03-09',
      project: 'offline',
      priority: 'normal',
    },
    {
      id: 'task-3',
      title: 'Review release notes',
      status: 'open',
      due: '2026-03-05',
      project: 'release',
      priority: 'normal',
    },
    {
      id: 'task-4',
      title: 'Book team offsite venue',
      status: 'done',
      due: '2026-02-25',
      project: undefined,
      priority: 'low',
    },
    {
      id: 'task-5',
      title: 'Profile cold start on Android',
      status: 'open',
      due: undefined,
      project: 'startup',
      priority: 'high',
    },
  ];
  const events: CalendarEvent[] = [
    {
      id: 'event-1',
      title: 'Team standup',
      start: '2026-03-02T09:30',
      durationMinutes: 15,
      attendees: [],
    },
    {
      id: 'event-2',
      title: 'Northwind follow-up',
      start: '2026-03-02T14:00',
      durationMinutes: 60,
      attendees: ['buyer@northwind.example'],
    },
    {
      id: 'event-3',
      title: 'Design review: offline mode',
      start: '2026-03-03T10:00',
      durationMinutes: 90,
      attendees: ['ana@team.example', 'li@team.example'],
    },
    {
      id: 'event-4',
      title: 'Release go/no-go',
      start: '2026-03-06T11:00',
      durationMinutes: 30,
      attendees: ['li@team.example'],
    },
  ];
  return {
    notes: new Map(notes.map((note) => [note.id, note])),
    tasks: new Map(tasks.map((task) => [task.id, task])),
    events: new Map(events.map((event) => [event.id, event])),
    counters: { note: notes.length + 1, task: tasks.length + 1, event: events.length + 1 },
  };
}

/** The next id with `prefix`, counting up per session. */
export function nextId(state: DemoState, kind: keyof DemoState['counters']): string {
  const id = `${kind}-${state.counters[kind]}`;
  state.counters[kind] += 1;
  return id;
}
