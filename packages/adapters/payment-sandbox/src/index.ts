export {
  createSandboxProvider,
  signSandboxResponse,
  verifySandboxResponse,
  signSandboxWebhook,
  judgeCard,
  TEST_CARDS,
  SANDBOX_PATH,
  SANDBOX_SIGNATURE_HEADER,
} from './sandbox';
export type { SandboxOptions, SandboxResponse } from './sandbox';
