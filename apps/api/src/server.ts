import { loadProcessEnv } from './env';
import { serve } from './serve';

serve(loadProcessEnv()).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
