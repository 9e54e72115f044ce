/**
 * The operator's dead-letter command (issue 30):
 *   npm run dead-letters -w @ruedas/infra -- list [--group <group>]
 *   npm run dead-letters -w @ruedas/infra -- replay --group <group> | --all
 * It opens the event bus the settings choose (Kafka with KAFKA_BROKERS, else the embedded bus in
 * RUEDAS_DATA_DIR: stop the all-in-one server first, which holds its folder). `list` prints each
 * group's dead letters (where from, why, when, replayed or not); `replay` copies a group's letters
 * not replayed yet to its replay topic, which the group's consumers read: fix the cause first.
 */
import { join } from 'node:path';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createKafkaBus } from '@ruedas/bus-kafka';
import { createLogger, listDeadLetters, replayDeadLetters, deadLetterGroups, type EventBus, type GroupDeadLetters, type Logger } from '@ruedas/platform';
import { readSettings, type Settings } from './settings';

const USAGE = 'usage: npm run dead-letters -w @ruedas/infra -- list [--group <group>] | replay (--group <group> | --all)';

export interface DeadLetterCommand {
  action: 'list' | 'replay';
  groups?: string[];
}

/** Reads the command line (after `--`); throws the usage on anything else. */
export function parseDeadLetterArgs(args: readonly string[]): DeadLetterCommand {
  const [action, ...rest] = args;
  if (action !== 'list' && action !== 'replay') throw new Error(USAGE);
  const groups: string[] = [];
  let all = false;
  for (let index = 0; index < rest.length; index += 1) {
    const flag = rest[index];
    if (flag === '--all') all = true;
    else if (flag === '--group' && rest[index + 1]) groups.push(rest[(index += 1)]!);
    else throw new Error(USAGE);
  }
  if (action === 'replay' && groups.length === 0 && !all) throw new Error(`replay needs --group <group> or --all\n${USAGE}`);
  return { action, ...(groups.length > 0 ? { groups } : {}) };
}

/** The listing as text, one block per group. */
export function formatDeadLetters(groups: GroupDeadLetters[]): string {
  if (groups.length === 0) return 'no dead letters';
  return groups
    .map(({ group, letters, pending }) =>
      [
        `${group}: ${letters.length} dead letter(s), ${pending} not replayed`,
        ...letters.map(
          (letter) =>
            `  ${letter.replayed ? 'replayed' : 'pending '} ${letter.at ?? '?'} ${letter.originalTopic}@${letter.originalOffset} key=${letter.key}` +
            `${letter.type ? ` ${letter.type}` : ''}${letter.eventId ? ` ${letter.eventId}` : ''} after ${letter.attempts} attempt(s): ${letter.error}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * The bus the settings choose, as the launcher's `openAdapters` chooses it (Kafka when RUEDAS_BUS
 * says so or, without it, when KAFKA_BROKERS is set), opened alone: the launcher's module imports
 * every service, which a command that reads two topics does not need.
 */
async function openBus(settings: Settings, logger: Logger): Promise<EventBus> {
  const kafka = settings.RUEDAS_BUS ? settings.RUEDAS_BUS === 'kafka' : settings.KAFKA_BROKERS !== undefined;
  if (!kafka) return createEmbeddedBus({ dir: join(settings.RUEDAS_DATA_DIR, 'bus'), logger });
  const brokers = (settings.KAFKA_BROKERS ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  return createKafkaBus({ brokers, clientId: 'ruedas-dead-letters', logger, partitions: settings.KAFKA_PARTITIONS });
}

/** Runs a command on an open bus; answers what it prints. */
export async function runDeadLetterCommand(bus: EventBus, command: DeadLetterCommand): Promise<string> {
  if (command.action === 'list') return formatDeadLetters(await listDeadLetters(bus, command.groups));
  const lines: string[] = [];
  for (const group of command.groups ?? (await deadLetterGroups(bus))) lines.push(`${group}: ${await replayDeadLetters(bus, group)} dead letter(s) replayed`);
  return lines.join('\n') || 'no dead letters';
}

async function main(): Promise<void> {
  const command = parseDeadLetterArgs(process.argv.slice(2));
  const settings = readSettings();
  const logger = createLogger('dead-letters', 'warn');
  const bus = await openBus(settings, logger);
  try {
    console.log(await runDeadLetterCommand(bus, command));
  } finally {
    await bus.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
