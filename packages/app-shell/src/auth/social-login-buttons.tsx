import { Button } from '@cadence/ui/button';
import { IconButton } from '@cadence/ui/icon-button';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { enabledSocialServices, SOCIAL_SERVICE_NAMES } from './enabled-social-services';
import { useSocialLogin } from './use-social-login';

/** One button per enabled provider (compact icon-like buttons when configured). */
export function SocialLoginButtons() {
  const { trans } = useTrans();
  const settings = useSettings();
  const signInWith = useSocialLogin();
  const services = enabledSocialServices(settings);
  if (services.length === 0) return null;
  const isCompact = settings.social.compact_buttons;
  return (
    <div className="mt-6" data-testid="social-login-buttons">
      <div className="mb-4 flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-auto bg-divider" />
        {trans('or')}
        <span className="h-px flex-auto bg-divider" />
      </div>
      <div className={isCompact ? 'flex justify-center gap-3' : 'flex flex-col gap-2'}>
        {services.map((service) => {
          const label = trans('Continue with :service', { service: SOCIAL_SERVICE_NAMES[service] });
          return isCompact ? (
            <IconButton
              key={service}
              aria-label={label}
              variant="outline"
              onPress={() => void signInWith(service)}
            >
              <span aria-hidden className="text-sm font-semibold">
                {SOCIAL_SERVICE_NAMES[service].charAt(0)}
              </span>
            </IconButton>
          ) : (
            <Button key={service} variant="outline" isFullWidth onPress={() => void signInWith(service)}>
              {label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
