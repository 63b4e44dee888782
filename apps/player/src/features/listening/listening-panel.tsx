import { SettingsPanel } from '@cadence/app-shell/account-settings/settings-panel';
import { reportError } from '@cadence/app-shell/report-error';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TListeningSettings } from '@cadence/contracts/transcoding';
import { CROSSFADE_MAX_SECONDS, PREAMP_MAX_DB, PREAMP_MIN_DB } from '@cadence/contracts/transcoding-formats';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { ChoiceRadios, ChoiceSelect, NumberSlider } from './listening-fields';
import {
  getListeningPreferences,
  setListeningPreferences,
  subscribeListeningPreferences,
  type TDataSaverMode,
} from './listening-preferences';
import { listeningKeys, listeningSettingsQueryOptions, saveListeningSettings } from './listening-queries';

/** The transcoding profiles' bitrates (kbps), highest first. */
const BIT_RATES = [320, 256, 192, 160, 128, 96, 64, 48, 32];

type TFieldErrors = Partial<Record<keyof TListeningSettings, string>>;

function ListeningForm({ saved }: { saved: TListeningSettings }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [isPending, setIsPending] = useState(false);
  const dataSaver = useSyncExternalStore(
    subscribeListeningPreferences,
    () => getListeningPreferences().data_saver,
  );
  const change = <K extends keyof TListeningSettings>(key: K, value: TListeningSettings[K]) => {
    setDraft((before) => ({ ...before, [key]: value }));
    setErrors((before) => ({ ...before, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsPending(true);
    try {
      const settings = await saveListeningSettings(draft);
      queryClient.setQueryData(listeningKeys.settings, settings);
      setListeningPreferences(settings);
      setErrors({});
      toast.positive(trans('Listening settings saved'));
    } catch (error) {
      if (isHttpError(error) && error.hasFieldErrors && !error.debug)
        setErrors(error.fieldErrors as TFieldErrors);
      else reportError(error);
    } finally {
      setIsPending(false);
    }
  };

  const kbps = (value: number) => trans(':count kbps', { count: value });
  const decibels = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)} dB`;
  const seconds = (value: number) => (value === 0 ? trans('Off') : trans(':count s', { count: value }));

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" noValidate>
      <ChoiceSelect
        label={trans('Maximum bitrate')}
        description={trans('Higher-quality files are converted down to this on the fly.')}
        value={draft.max_bit_rate === null ? 'none' : String(draft.max_bit_rate)}
        options={[
          { id: 'none', label: trans('No limit') },
          ...BIT_RATES.map((rate) => ({ id: String(rate), label: kbps(rate) })),
        ]}
        onChange={(value) => change('max_bit_rate', value === 'none' ? null : Number(value))}
        errorMessage={errors.max_bit_rate}
        testId="listening-max-bit-rate"
      />
      <ChoiceSelect
        label={trans('Preferred format')}
        description={trans('What converted audio is sent as.')}
        value={draft.format ?? 'default'}
        options={[
          { id: 'default', label: trans("The site's default") },
          { id: 'opus', label: 'Opus' },
          { id: 'mp3', label: 'MP3' },
          { id: 'aac', label: 'AAC' },
        ]}
        onChange={(value) =>
          change('format', value === 'default' ? null : (value as TListeningSettings['format']))
        }
        errorMessage={errors.format}
        testId="listening-format"
      />
      <ChoiceRadios
        label={trans('Loudness normalisation')}
        value={draft.loudness}
        options={[
          { id: 'off', label: trans('Off'), description: trans('Every track plays as it was mastered.') },
          { id: 'track', label: trans('Track'), description: trans('Every track plays equally loud.') },
          {
            id: 'album',
            label: trans('Album'),
            description: trans('Albums keep the loudness differences between their tracks.'),
          },
          {
            id: 'auto',
            label: trans('Automatic'),
            description: trans('Album levels while an album plays in order, track levels otherwise.'),
          },
        ]}
        onChange={(value) => change('loudness', value as TListeningSettings['loudness'])}
        errorMessage={errors.loudness}
        testId="listening-loudness"
      />
      <NumberSlider
        label={trans('Pre-amp (dB)')}
        description={trans('Added to the normalised level. Peaks are never allowed to clip.')}
        value={draft.preamp_db}
        minValue={PREAMP_MIN_DB}
        maxValue={PREAMP_MAX_DB}
        step={0.5}
        format={decibels}
        formatOptions={{ signDisplay: 'exceptZero', minimumFractionDigits: 1, maximumFractionDigits: 1 }}
        onChange={(value) => change('preamp_db', value)}
        isDisabled={draft.loudness === 'off'}
        errorMessage={errors.preamp_db}
        testId="listening-preamp"
      />
      <NumberSlider
        label={trans('Crossfade')}
        description={trans('Never inside an album played in order, nor when you skip to a track.')}
        value={draft.crossfade_seconds}
        minValue={0}
        maxValue={CROSSFADE_MAX_SECONDS}
        step={1}
        format={seconds}
        formatOptions={{ style: 'unit', unit: 'second', unitDisplay: 'long' }}
        onChange={(value) => change('crossfade_seconds', value)}
        errorMessage={errors.crossfade_seconds}
        testId="listening-crossfade"
      />
      <ChoiceRadios
        label={trans('Data saver on this device')}
        value={dataSaver}
        options={[
          {
            id: 'auto',
            label: trans('Automatic'),
            description: trans('Lower quality on metered or slow connections, when the browser tells.'),
          },
          { id: 'on', label: trans('Always'), description: trans('Lower quality everywhere.') },
          { id: 'off', label: trans('Never') },
        ]}
        onChange={(value) => setListeningPreferences({ data_saver: value as TDataSaverMode })}
        description={trans('Saved on this device at once.')}
        testId="listening-data-saver"
      />
      <Button type="submit" className="self-start" isPending={isPending} isDisabled={isPending}>
        {trans('Save')}
      </Button>
    </form>
  );
}

/** Account settings' "Listening" section (issue 36). */
export function ListeningPanel() {
  const { trans } = useTrans();
  const settings = useQuery(listeningSettingsQueryOptions());
  return (
    <SettingsPanel
      id="listening"
      title={trans('Listening')}
      description={trans('Sound quality, loudness and transitions between tracks.')}
    >
      {settings.data ? (
        <ListeningForm saved={settings.data} />
      ) : (
        <Spinner size="md" label={trans('Loading')} />
      )}
    </SettingsPanel>
  );
}
