/**
 * The demo's task tools: list, create, complete, reschedule.
 *
 * @module
 */

import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { answer, DEMO_TODAY, type DemoState, failure, nextId, type Task } from './state.js';

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
const TaskIdSchema = z
  .string()
  .regex(/^task-\d+$/)
  .describe('A task id as returned by tasks_list, e.g. "task-3".');
const PRIORITY_ORDER = { high: 0, normal: 1, low: 2 } as const;

function compareTasks(left: Task, right: Task): number {
  const leftDue = left.due ?? '9999-12-31';
  const rightDue = right.due ?? '9999-12-31';
  return (
    leftDue.localeCompare(rightDue) ||
    PRIORITY_ORDER[left.priority] - PRIORITY_ORDER[right.priority] ||
    left.id.localeCompare(right.id)
  );
}

/** Registers the task tools on `server`, working on `state`. */
export function registerTaskTools(server: McpServer, state: DemoState): void {
  server.registerTool(
    'tasks_list',
    {
      title: 'List tasks',
      description:
        'Lists tasks, open ones by default, optionally only those due before a date or in one project. Sorted by due date (tasks without one last), then priority, then id; overdue tasks are flagged.',
      inputSchema: z.object({
        status: z
          .enum(['open', 'done', 'all'])
          .default('open')
          .describe('Which tasks: open (default), done or all.'),
        due_before: DateSchema.optional().describe(
          'Only tasks due strictly before this date (YYYY-MM-DD).',
        ),
        project: z.string().min(1).max(40).optional().describe('Only tasks of this project.'),
      }),
      annotations: { readOnlyHint: true },
    },
    async ({ status, due_before, project }) => {
      const tasks = [...state.tasks.values()]
        .filter((task) => status === 'all' || task.status === status)
        .filter(
          (task) => due_before === undefined || (task.due !== undefined && task.due < due_before),
        )
        .filter((task) => project === undefined || task.project === project)
        .sort(compareTasks)
        .map((task) => ({
          ...task,
          overdue: task.status === 'open' && task.due !== undefined && task.due < DEMO_TODAY,
        }));
      return answer({ today: DEMO_TODAY, tasks });
    },
  );

  server.registerTool(
    'tasks_create',
    {
      title: 'Create a task',
      description:
        'Creates an open task with an optional due date, project and priority, and returns its id. Due dates in the past are refused.',
      inputSchema: z.object({
        title: z.string().min(1).max(200).describe('What has to be done, 1-200 characters.'),
        due: DateSchema.optional(),
        project: z.string().min(1).max(40).optional().describe('A project name, e.g. "release".'),
        priority: z
          .enum(['low', 'normal', 'high'])
          .default('normal')
          .describe('low, normal (default) or high.'),
      }),
    },
    async ({ title, due, project, priority }) => {
      if (due !== undefined && due < DEMO_TODAY) {
        return failure('DATE_IN_PAST', `${due} is before today (${DEMO_TODAY})`);
      }
      const id = nextId(state, 'task');
      state.tasks.set(id, { id, title, status: 'open', due, project, priority });
      return answer({ id });
    },
  );

  server.registerTool(
    'tasks_complete',
    {
      title: 'Complete a task',
      description:
        'Marks an open task as done. Completing a task twice is an error, so a retry after a timeout is safe to check with tasks_list first.',
      inputSchema: z.object({ id: TaskIdSchema }),
      annotations: { idempotentHint: false },
    },
    async ({ id }) => {
      const task = state.tasks.get(id);
      if (task === undefined) return failure('NOT_FOUND', `no task ${id}`);
      if (task.status === 'done') return failure('ALREADY_DONE', `task ${id} is already done`);
      task.status = 'done';
      return answer({ id, status: 'done' });
    },
  );

  server.registerTool(
    'tasks_reschedule',
    {
      title: 'Reschedule a task',
      description:
        'Moves the due date of an open task to another day, today or later. Done tasks cannot be rescheduled.',
      inputSchema: z.object({ id: TaskIdSchema, due: DateSchema }),
    },
    async ({ id, due }) => {
      const task = state.tasks.get(id);
      if (task === undefined) return failure('NOT_FOUND', `no task ${id}`);
      if (task.status === 'done') return failure('ALREADY_DONE', `task ${id} is done`);
      if (due < DEMO_TODAY)
        return failure('DATE_IN_PAST', `${due} is before today (${DEMO_TODAY})`);
      const previous = task.due ?? null;
      task.due = due;
      return answer({ id, previous_due: previous, due });
    },
  );
}
