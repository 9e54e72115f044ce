import { Alert, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { type FieldErrors, type Level, type Locale } from '@ruedas/domain';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { Dispatch, ReactNode, RefObject, SetStateAction } from 'react';
import { useTranslation } from '../i18n/react';
import { TermsCheckbox } from '../account/TermsCheckbox';
import { PhotoUploader } from '../photos';
import { AdFields } from './AdFields';
import { AdPreview } from './AdPreview';
import { fieldMessage } from './fieldMessage';
import { InvoiceFields, type InvoiceValues } from './InvoiceFields';
import { PlanChooser } from './PlanChooser';
import { TotalLine } from './purchaseParts';
import { chooseLevel, hasBack, hasNext, type AdFormValues, type PlanBalance, type Prices, type WizardStep } from './rules';

interface CarStepProps {
  values: AdFormValues;
  set: <K extends keyof AdFormValues>(field: K, value: AdFormValues[K]) => void;
  setValues: Dispatch<SetStateAction<AdFormValues>>;
  error: (field: string) => string | undefined;
  language: Locale;
  descriptionMaxLength: number;
  prices: Prices | null;
  balances: readonly PlanBalance[];
  levelLocked: boolean;
  /** Next was pressed with errors left: the step's alert. */
  showAlert: boolean;
  /** Under the price: the market range of the car (issue 20). */
  priceHelp?: ReactNode;
}

/** The wizard's step 1: the car, the plan and the photos. */
export function CarStep({ values, set, setValues, error, language, descriptionMaxLength, prices, balances, levelLocked, showAlert, priceHelp }: CarStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <AdFields
        values={values}
        set={set}
        setValues={setValues}
        error={error}
        locale={language}
        descriptionMaxLength={descriptionMaxLength}
        priceHelp={priceHelp}
      />
      <Divider />
      <PlanChooser
        level={values.level}
        message={values.message}
        autoApproval={values.autoApproval}
        onLevel={(level: Level) => setValues((current) => chooseLevel(current, level))}
        onMessage={(message) => set('message', message)}
        onAutoApproval={(on) => set('autoApproval', on)}
        prices={prices}
        balances={balances}
        error={error}
        locale={language}
        levelLocked={levelLocked}
      />
      <Divider />
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('publish.step1.photos')}
        </Title>
        <PhotoUploader level={values.level} value={values.attachmentIds} onChange={(ids) => set('attachmentIds', ids)} />
        {error('attachmentIds') && (
          <Text size="sm" c="red">
            {error('attachmentIds')}
          </Text>
        )}
      </Stack>
      {showAlert && (
        <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="step1-alert">
          {t('publish.step1.fixErrors')}
        </Alert>
      )}
    </Stack>
  );
}

interface ConfirmStepProps {
  /** Step 1 is not valid: the alert that sends the seller back to it. */
  reviewAlert: boolean;
  errors3: FieldErrors;
  onReview: () => void;
  values: AdFormValues;
  language: Locale;
  charged: boolean;
  total: number | null;
  electronicInvoice: boolean;
  setElectronicInvoice: (on: boolean) => void;
  invoice: InvoiceValues;
  setInvoice: (invoice: InvoiceValues) => void;
  error3: (field: string) => string | undefined;
  termsAccepted: boolean;
  setTermsAccepted: (accepted: boolean) => void;
  /** A new ad asks for the terms; an edit does not ask again (issue 31): they were accepted with the ad. */
  askTerms: boolean;
  failure: string | null;
}

/** The wizard's step 3: the preview, the total, the electronic invoice, the terms and a refusal. */
export function ConfirmStep(props: ConfirmStepProps) {
  const {
    reviewAlert,
    errors3,
    onReview,
    values,
    language,
    charged,
    total,
    electronicInvoice,
    setElectronicInvoice,
    invoice,
    setInvoice,
    error3,
    termsAccepted,
    askTerms,
    setTermsAccepted,
    failure,
  } = props;
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {reviewAlert && (
        <Alert color="orange" icon={<IconAlertCircle size={20} />} role="alert" data-testid="review-alert">
          <Group justify="space-between">
            <Text size="sm">{fieldMessage('', errors3, {}, true, language)}</Text>
            <Button size="xs" variant="light" onClick={onReview}>
              {t('publish.step3.review')}
            </Button>
          </Group>
        </Alert>
      )}
      <AdPreview values={values} locale={language} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          {charged && <TotalLine total={total} locale={language} />}
          {charged && total === 0 && values.level !== 'FREE' && (
            <Text size="sm" c="dimmed">
              {t('publish.step3.coveredByPlan')}
            </Text>
          )}
          {charged && (total === null || total > 0) && (
            <InvoiceFields
              electronicInvoice={electronicInvoice}
              onElectronicInvoice={setElectronicInvoice}
              invoice={invoice}
              onInvoice={setInvoice}
              error={error3}
              locale={language}
            />
          )}
          {askTerms && <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} error={error3('termsAccepted')} />}
        </Stack>
      </Card>
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="form-failure">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

interface WizardNavigationProps {
  bottom: RefObject<HTMLDivElement | null>;
  step: WizardStep;
  submitting: boolean;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
  submitIcon: ReactNode;
  submitLabel: string;
}

/** Back, and Next or the submit button (Pay, Create or Save) under the steps. */
export function WizardNavigation({ bottom, step, submitting, onBack, onNext, onSubmit, submitIcon, submitLabel }: WizardNavigationProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" ref={bottom}>
      {hasBack(step) ? (
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack} disabled={submitting}>
          {t('publish.back')}
        </Button>
      ) : (
        <span />
      )}
      {hasNext(step) ? (
        <Button rightSection={<IconArrowRight size={16} />} onClick={onNext}>
          {t('publish.next')}
        </Button>
      ) : (
        <Button onClick={onSubmit} loading={submitting} disabled={submitting} leftSection={submitIcon}>
          {submitLabel}
        </Button>
      )}
    </Group>
  );
}
