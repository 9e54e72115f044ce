import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { loadTurnstile } from './turnstile';

interface TurnstileWidgetProps {
  siteKey: string;
  language: string;
  /** A solved token, or null once it expires or the widget is reset. */
  onToken: (token: string | null) => void;
  /** Changing it resets the widget: a token is good for one attempt only. */
  resetSignal: number;
  error?: string | undefined;
}

/** Cloudflare Turnstile's widget, rendered explicitly into its own element. */
export function TurnstileWidget({ siteKey, language, onToken, resetSignal, error }: TurnstileWidgetProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const widget = useRef<{ id: string; remove: () => void; reset: () => void } | null>(null);
  const tokenListener = useRef(onToken);
  tokenListener.current = onToken;
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !element.current) return;
        setUnavailable(false);
        const id = turnstile.render(element.current, {
          sitekey: siteKey,
          callback: (token) => tokenListener.current(token),
          'expired-callback': () => tokenListener.current(null),
          'error-callback': () => tokenListener.current(null),
          language,
        });
        if (id !== undefined) widget.current = { id, remove: () => turnstile.remove(id), reset: () => turnstile.reset(id) };
      },
      () => !cancelled && setUnavailable(true),
    );
    return () => {
      cancelled = true;
      widget.current?.remove();
      widget.current = null;
      tokenListener.current(null);
    };
  }, [siteKey, language]);

  useEffect(() => {
    if (resetSignal === 0) return;
    widget.current?.reset();
    tokenListener.current(null);
  }, [resetSignal]);

  return (
    <div>
      <div ref={element} />
      {(unavailable || error) && (
        <Text size="sm" c="red" role="alert">
          {unavailable ? t('register.captchaUnavailable') : error}
        </Text>
      )}
    </div>
  );
}
