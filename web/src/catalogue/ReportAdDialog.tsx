import { Alert, Button, Card, Group, Loader, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { COMPLAINT_CATEGORIES, COMPLAINT_CATEGORY_LABELS, complaintSchema, translate, type ComplaintCategory } from '@ruedas/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { apiError } from '../data/apiError';
import { useLanguage } from '../i18n';
import { REPORT_OPPORTUNITY } from './operations';
import { REPORT_SENDING_MS } from './ReportAd';

type Step = 'form' | 'sending' | 'thanks';

/**
 * The report-ad dialog of the ad detail (spec 01 §2, DECISIONS.md), once its link (`ReportAd`) was
 * clicked: the reason, a category (issue 31) and words, with Report and Cancel (back to the link), then
 * "sending" for 3 seconds, then thanks. The words are required for "Another reason", at most 500
 * characters (the domain's `complaintSchema`, its limit not shown);
 * a refusal from the server (already reported, too many reports) returns to the form with its message.
 */
export function ReportAdDialog({ adId, onCancel }: { adId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [step, setStep] = useState<Step>('form');
  const [details, setDetails] = useState('');
  const [category, setCategory] = useState<ComplaintCategory | null>(null);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [report] = useMutation(REPORT_OPPORTUNITY);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const invalid = category === null || !complaintSchema.safeParse({ opportunityId: adId, category, details }).success;
  const categoryError = tried && category === null ? translate('invalidComplaintCategory', language) : undefined;
  const fieldError = tried && category !== null && invalid ? translate('invalidReason', language) : undefined;

  const send = async () => {
    setTried(true);
    setServerError(null);
    if (invalid) return;
    setStep('sending');
    const wait = new Promise((resolve) => setTimeout(resolve, REPORT_SENDING_MS));
    const outcome = report({ variables: { input: { opportunityId: adId, category, details: details.trim() } } }).then(
      () => null,
      (error: unknown) => apiError(error).message,
    );
    const [failure] = await Promise.all([outcome, wait]);
    if (!mounted.current) return;
    if (failure) {
      setServerError(failure);
      setStep('form');
    } else {
      setStep('thanks');
    }
  };

  const cancel = onCancel;

  return (
    <Card withBorder radius="md" padding="md" data-testid="report-ad">
      {step === 'form' && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack gap="sm">
            <Radio.Group
              label={t('catalogue.report.category')}
              value={category}
              error={categoryError}
              onChange={(value) => setCategory(value as ComplaintCategory)}
              data-testid="report-category"
            >
              <Stack gap={6} mt={6}>
                {COMPLAINT_CATEGORIES.map((value) => (
                  <Radio key={value} value={value} label={COMPLAINT_CATEGORY_LABELS[value][language]} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t(category === 'OTHER' ? 'catalogue.report.reason' : 'catalogue.report.more')}
              placeholder={t('catalogue.report.reasonHint')}
              rows={3}
              value={details}
              error={fieldError}
              onChange={(event) => setDetails(event.currentTarget.value)}
            />
            {serverError && (
              <Alert color="red" role="alert">
                {serverError}
              </Alert>
            )}
            <Group gap="xs" justify="flex-end">
              <Button variant="default" onClick={cancel}>
                {t('catalogue.report.cancel')}
              </Button>
              <Button type="submit" color="red">
                {t('catalogue.report.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {step === 'sending' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('catalogue.report.sending')}</Text>
        </Group>
      )}
      {step === 'thanks' && (
        <Text size="sm" c="green.8" fw={600} role="status">
          {translate('reportRegistered', language)}
        </Text>
      )}
    </Card>
  );
}
