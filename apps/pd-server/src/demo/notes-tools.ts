/**
 * The demo's note tools: search, read, create, append.
 *
 * @module
 */

import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { answer, DEMO_TODAY, type DemoState, failure, nextId } from './state.js';

const NoteIdSchema = z
  .string()
  .regex(/^note-\d+$/)
  .describe('A note id as returned by notes_search, e.g. "note-2".');
const TagSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,30}$/)
  .describe('A lowercase tag: letters, digits and dashes.');

/** Registers the note tools on `server`, working on `state`. */
export function registerNoteTools(server: McpServer, state: DemoState): void {
  server.registerTool(
    'notes_search',
    {
      title: 'Search notes',
      description:
        'Finds notes whose title or body contains the query, optionally only those with a tag. Matching ignores case. Results are sorted by last update, newest first, and carry id, title, tags and update date but not the body: read a note with notes_read to see its text.',
      inputSchema: z.object({
        query: z
          .string()
          .max(200)
          .optional()
          .describe('Words to find in titles and bodies; omit to list all notes.'),
        tag: TagSchema.optional(),
        limit: z
          .number()
          .int()
          .min(1)
          .max(50)
          .default(10)
          .describe('The most notes returned (1-50, default 10).'),
      }),
      annotations: { readOnlyHint: true },
    },
    async ({ query, tag, limit }) => {
      const needle = query?.toLowerCase() ?? '';
      const found = [...state.notes.values()]
        .filter((note) => tag === undefined || note.tags.includes(tag))
        .filter((note) => `${note.title}\n${note.body}`.toLowerCase().includes(needle))
        .sort(
          (left, right) =>
            right.updated.localeCompare(left.updated) || left.id.localeCompare(right.id),
        )
        .slice(0, limit)
        .map(({ id, title, tags, updated }) => ({ id, title, tags, updated }));
      return answer({ notes: found });
    },
  );

  server.registerTool(
    'notes_read',
    {
      title: 'Read a note',
      description:
        'Returns one note in full: title, body, tags and the date it was last updated. Use it after notes_search, which does not return bodies.',
      inputSchema: z.object({ id: NoteIdSchema }),
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => {
      const note = state.notes.get(id);
      return note === undefined ? failure('NOT_FOUND', `no note ${id}`) : answer(note);
    },
  );

  server.registerTool(
    'notes_create',
    {
      title: 'Create a note',
      description:
        'Creates a note with a title, a body and optional tags, and returns its new id. Titles must be unique: creating a second note with the same title fails, so search first and append to the existing note instead.',
      inputSchema: z.object({
        title: z
          .string()
          .min(1)
          .max(120)
          .describe('The title, 1-120 characters, unique among notes.'),
        body: z
          .string()
          .max(10_000)
          .describe('The text of the note (Markdown is fine), at most 10 000 characters.'),
        tags: z.array(TagSchema).max(10).default([]).describe('Up to 10 tags.'),
      }),
    },
    async ({ title, body, tags }) => {
      const clash = [...state.notes.values()].find(
        (note) => note.title.toLowerCase() === title.toLowerCase(),
      );
      if (clash !== undefined)
        return failure('DUPLICATE_TITLE', `note ${clash.id} already has this title`);
      const id = nextId(state, 'note');
      state.notes.set(id, {
        id,
        title,
        body,
        tags: [...new Set(tags)].sort(),
        updated: DEMO_TODAY,
      });
      return answer({ id });
    },
  );

  server.registerTool(
    'notes_append',
    {
      title: 'Append to a note',
      description:
        'Adds a paragraph at the end of an existing note and marks it updated today. The existing text is never changed; to start over, create a new note.',
      inputSchema: z.object({
        id: NoteIdSchema,
        text: z.string().min(1).max(5_000).describe('The paragraph to add, 1-5 000 characters.'),
      }),
    },
    async ({ id, text }) => {
      const note = state.notes.get(id);
      if (note === undefined) return failure('NOT_FOUND', `no note ${id}`);
      if (note.body.length + text.length > 10_000) {
        return failure('TOO_LONG', `note ${id} would exceed 10 000 characters`);
      }
      note.body = `${note.body}\n\n${text}`;
      note.updated = DEMO_TODAY;
      return answer({ id, length: note.body.length });
    },
  );
}
