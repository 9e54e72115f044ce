import { Anchor, Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../site';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The translated message when the terms were not accepted on an attempt. */
  error?: string | null;
}

/** "I accept the terms and conditions", linking the terms PDF: the last step of the ad wizard and of buying a plan. */
export function TermsCheckbox({ checked, onChange, error }: TermsCheckboxProps) {
  const { t } = useTranslation();
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error}
      label={
        <>
          {t('publish.step3.terms')}{' '}
          <Anchor href={siteConfig.termsPdf} target="_blank" rel="noopener noreferrer">
            {t('publish.step3.termsLink')}
          </Anchor>
        </>
      }
    />
  );
}
