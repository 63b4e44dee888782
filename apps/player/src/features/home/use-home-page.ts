import { useAuth } from '@cadence/app-shell/use-auth';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { homePageOf, type THomePage } from '@cadence/contracts/homepage';

/** What `/` shows this visitor (spec 2.4 homepage setting), as the api's first answer has it. */
export function useHomePage(): THomePage {
  const settings = useSettings();
  const { isLoggedIn } = useAuth();
  return homePageOf(settings, isLoggedIn);
}
