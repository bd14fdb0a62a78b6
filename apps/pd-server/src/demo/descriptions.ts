/**
 * What the demo's tools teach beyond their registered text: examples, usage and error guidance,
 * served by the `tool_descriptions` resource (progressive-disclosure §4.4).
 *
 * @module
 */

const NOT_FOUND =
  'The id does not exist in this session. List or search first and use an id from the answer.';

/** The demo's description overrides, by tool name (validated by `createDescriptionMap`). */
export const DEMO_DESCRIPTIONS: Record<string, unknown> = {
  notes_search: {
    examples: [
      { description: 'Notes that mention a customer', input: { query: 'northwind' } },
      { description: 'The five latest notes tagged q2', input: { tag: 'q2', limit: 5 } },
    ],
    usage_guidance: {
      when_to_use: 'Find a note before reading or appending to it; to list all notes, omit query.',
      results: 'Bodies are not included: call notes_read with an id from the results.',
    },
  },
  notes_read: {
    examples: [{ description: 'Read the release checklist', input: { id: 'note-3' } }],
    error_guidance: { NOT_FOUND },
  },
  notes_create: {
    examples: [
      {
        description: 'A meeting note with tags',
        input: {
          title: 'Retro 2026-03-02',
          body: 'Went well: release. To improve: flaky tests.',
          tags: ['retro'],
        },
      },
    ],
    usage_guidance: {
      before: 'Search for the title first; add to an existing note with notes_append.',
    },
    error_guidance: {
      DUPLICATE_TITLE:
        'A note with this title exists; its id is in the message. Append to it or choose another title.',
    },
  },
  notes_append: {
    examples: [
      {
        description: 'Record a follow-up',
        input: { id: 'note-2', text: 'Questionnaire sent on 2026-03-02.' },
      },
    ],
    error_guidance: {
      NOT_FOUND,
      TOO_LONG: 'Notes hold at most 10 000 characters. Create a new note that continues it.',
    },
  },
  tasks_list: {
    examples: [
      { description: 'Open tasks due this week', input: { due_before: '2026-03-09' } },
      {
        description: 'Everything in the release project',
        input: { status: 'all', project: 'release' },
      },
    ],
    usage_guidance: {
      overdue: 'Each task has overdue: true when it is open and its due date has passed.',
    },
  },
  tasks_create: {
    examples: [
      {
        description: 'A high-priority task with a due date',
        input: { title: 'Renew TLS certificate', due: '2026-03-10', priority: 'high' },
      },
      { description: 'A task without a date', input: { title: 'Tidy the wiki' } },
    ],
    error_guidance: { DATE_IN_PAST: 'Due dates must be today or later; the message names today.' },
  },
  tasks_complete: {
    examples: [{ input: { id: 'task-3' } }],
    error_guidance: { NOT_FOUND, ALREADY_DONE: 'Nothing to do: the task was completed before.' },
  },
  tasks_reschedule: {
    examples: [
      { description: 'Move the test plan by a week', input: { id: 'task-2', due: '2026-03-16' } },
    ],
    error_guidance: {
      NOT_FOUND,
      ALREADY_DONE: 'Done tasks keep their date. Create a new task if the work came back.',
      DATE_IN_PAST: 'Pick today or a later date.',
    },
  },
  calendar_list_events: {
    examples: [{ description: 'This week', input: { from: '2026-03-02', to: '2026-03-08' } }],
    error_guidance: {
      INVALID_RANGE: 'from must not be after to, and the range must span fewer than 31 days.',
    },
  },
  calendar_create_event: {
    examples: [
      {
        description: 'A 30-minute meeting with one guest',
        input: {
          title: 'SSO scoping',
          start: '2026-03-03T13:00',
          duration_minutes: 30,
          attendees: ['buyer@northwind.example'],
        },
      },
    ],
    usage_guidance: {
      before: 'Use calendar_find_free_slot to pick a start time that does not conflict.',
    },
    error_guidance: {
      CONFLICT:
        'The time overlaps the event named in the message. Find a free slot, or pass allow_overlap: true if the overlap is intended.',
      INVALID_RANGE: 'Events must end by midnight of their day.',
    },
  },
  calendar_find_free_slot: {
    examples: [
      { description: 'An hour on Monday', input: { date: '2026-03-02', duration_minutes: 60 } },
      {
        description: 'A short morning slot',
        input: { date: '2026-03-03', duration_minutes: 15, latest: '12:00' },
      },
    ],
    error_guidance: {
      NO_FREE_SLOT:
        'The day is full for that length. Try another day, a shorter meeting or wider hours.',
    },
  },
  calendar_cancel_event: {
    examples: [{ input: { id: 'event-4' } }],
    usage_guidance: {
      confirm: 'Cancelling notifies attendees and cannot be undone: confirm with the user first.',
    },
    error_guidance: { NOT_FOUND },
  },
};
