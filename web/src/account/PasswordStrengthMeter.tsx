import { Group, Progress, Text } from '@mantine/core';
import { localize, PASSWORD_STRENGTH_LABELS, passwordStrength, passwordStrengthName } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';

const COLORS = ['red', 'orange', 'yellow', 'green'] as const;

/** The 4-level meter of DECISIONS.md (weak, fair, good, excellent) under a new password. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (password === '') return null;
  const level = passwordStrength(password);
  const name = localize(PASSWORD_STRENGTH_LABELS[passwordStrengthName(password)], language);
  return (
    <div data-testid="password-strength" data-level={level}>
      <Group gap={4} grow>
        {COLORS.map((color, index) => (
          <Progress key={color} size="sm" value={index <= level ? 100 : 0} color={COLORS[level]} aria-hidden />
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('account.passwordStrength', { strength: name })}
      </Text>
    </div>
  );
}
