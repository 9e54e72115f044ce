import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from '../../router';
import { useLanguage } from '../../i18n';
import { useAlertMessages } from '../../alerts/messages';

/**
 * /unsubscribe?token=...: the page an alert mail's link opens (no sign-in). It asks first, then
 * sends the same one-click POST a mail client would (RFC 8058), and shows the answer.
 */
export default function UnsubscribePage() {
  const { t } = useAlertMessages();
  const [language] = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'done' | 'failed'; message?: string }>({ status: 'idle' });
  useDocumentTitle(`${t('alerts.unsubscribe.title')} · ${t('app.name')}`);

  const confirm = async () => {
    setState({ status: 'sending' });
    try {
      const response = await fetch(`/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
        body: 'List-Unsubscribe=One-Click',
      });
      setState({ status: response.ok ? 'done' : 'failed', message: await response.text() });
    } catch {
      setState({ status: 'failed', message: t('alerts.unsubscribe.failed') });
    }
  };

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('alerts.unsubscribe.title')}</Title>
        {state.status === 'done' ? (
          <Alert color="green" role="status" data-testid="unsubscribed">
            {state.message}
          </Alert>
        ) : (
          <>
            <Text>{t('alerts.unsubscribe.question')}</Text>
            {state.status === 'failed' && (
              <Alert color="red" role="alert">
                {state.message}
              </Alert>
            )}
            <Button onClick={() => void confirm()} loading={state.status === 'sending'} disabled={!token} style={{ alignSelf: 'flex-start' }}>
              {t('alerts.unsubscribe.confirm')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
