import { Container, Group, Stack, Text, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of an administrator's screen: its title, the line below it (an intro, or whose records
 * these are), the buttons beside the title, and the screen's content in a column.
 */
export function AdminScreen({
  title,
  intro,
  actions,
  size = 'xl',
  children,
}: {
  title: ReactNode;
  /** A text is written dimmed; an element (with its own test id) stands as it is. */
  intro?: ReactNode;
  actions?: ReactNode;
  size?: ContainerProps['size'];
  children: ReactNode;
}) {
  const heading = (
    <>
      <Title order={1}>{title}</Title>
      {typeof intro === 'string' ? <Text c="dimmed">{intro}</Text> : intro}
    </>
  );
  return (
    <Container size={size} py="xl">
      <Stack gap="md">
        {actions ? (
          <Group justify="space-between" align="flex-end">
            <Stack gap={4}>{heading}</Stack>
            {actions}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Container>
  );
}
