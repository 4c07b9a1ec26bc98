import './styles/app.css';
import { start } from './runtime/start.tsx';
import { readPageRelease, releaseLoaders } from './runtime/startup/release.ts';

const env = import.meta.env;
const release = readPageRelease(document);
void start({
  releaseId: release.id,
  preview: release.preview === true,
  config: release.config,
  defaultCopy: release.shellCopy,
  ...releaseLoaders(release),
  env: {
    apiBase: env.VITE_API_BASE as string | undefined,
    flagProvider: env.VITE_FLAG_PROVIDER as string | undefined,
    flagServiceUrl: env.VITE_FLAG_SERVICE_URL as string | undefined,
    recaptchaSiteKey: env.VITE_RECAPTCHA_SITE_KEY as string | undefined,
    parseApplicationId: env.VITE_PARSE_APP_ID as string | undefined,
  },
  root: document.getElementById('root')!,
});
