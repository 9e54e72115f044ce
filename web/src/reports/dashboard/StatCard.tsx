import { Paper, Text, ThemeIcon, Group } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useId } from 'react';

export interface StatCardProps {
  label: string;
  value: string;
  /** A line under the figure ("3 gratis · 2 pagados"). */
  detail?: string;
  Icon: Icon;
  color?: string;
  testId?: string;
}

/** A headline figure: what it counts, the figure large, a detail line. */
export function StatCard({ label, value, detail, Icon, color = 'ruedas', testId }: StatCardProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text id={id} size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size="md" radius="md" aria-hidden>
          <Icon size={18} />
        </ThemeIcon>
      </Group>
      <Text fz={28} fw={800} lh={1.2} mt={4} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" mt={2}>
          {detail}
        </Text>
      )}
    </Paper>
  );
}
