import { z } from 'zod';
import { defineEvent } from './envelope';
import { topics } from './topics';

/** A global parameter changed (aggregate: the parameter, keyed by its id). */
export const parameterChanged = defineEvent(
  topics.moderationParameter,
  'ParameterChanged',
  1,
  z.object({ id: z.string().min(1), quantity: z.number(), previous: z.number().nullable() }),
);
