import './styles/app.css';
import { config, defaultCopy, loadCopy, loadScreen } from 'virtual:funnel-config';
import { start } from './runtime/start.tsx';

const env = import.meta.env;
void start({
  config,
  defaultCopy,
  loadScreen,
  loadCopy,
  env: {
    apiBase: env.VITE_API_BASE as string | undefined,
    flagProvider: env.VITE_FLAG_PROVIDER as string | undefined,
    flagServiceUrl: env.VITE_FLAG_SERVICE_URL as string | undefined,
    recaptchaSiteKey: env.VITE_RECAPTCHA_SITE_KEY as string | undefined,
    parseApplicationId: env.VITE_PARSE_APP_ID as string | undefined,
  },
  root: document.getElementById('root')!,
});
