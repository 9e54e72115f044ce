import { Button, Text } from '@mantine/core';
import { ResultFrame } from '../../admin/ResultFrame';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from '../../router';

/** /globalParametersEditResult: the parameters were saved; Continue goes back to /globalParameters. */
export default function GlobalParametersResultPage() {
  const { t } = useTranslation();
  const state = useLocation().state as { changed?: unknown } | null;
  const changed = typeof state?.changed === 'number' ? state.changed : null;
  return (
    <ResultFrame
      title={t('admin.parametersResult.title')}
      text={t('admin.parametersResult.text')}
      note={changed !== null && <Text c="dimmed">{t('admin.parametersResult.changed', { count: changed })}</Text>}
    >
      <Button component={Link} to="/globalParameters">
        {t('admin.parametersResult.continue')}
      </Button>
    </ResultFrame>
  );
}
