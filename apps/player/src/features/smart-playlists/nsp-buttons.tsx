import { useTrans } from '@cadence/app-shell/use-trans';
import type { TSmartRules } from '@cadence/contracts/smart-playlist';
import { NspMappingError, smartRulesFromNsp, smartRulesToNsp } from '@cadence/contracts/smart-playlist-nsp';
import { Button } from '@cadence/ui/button';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';

type Imported = { name: string | null; rules: TSmartRules };

/** Navidrome `.nsp` files in and out; what cannot be mapped is named, never dropped. */
export function NspButtons({
  name,
  rules,
  onImport,
}: {
  name: string;
  rules: TSmartRules;
  onImport: (imported: Imported) => void;
}) {
  const { trans } = useTrans();
  const [problems, setProblems] = useState<string[]>([]);
  const onFiles = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setProblems([trans('":file" is not valid JSON.', { file: file.name })]);
      return;
    }
    const result = smartRulesFromNsp(parsed);
    if (!result.isOk) return setProblems(result.errors);
    setProblems([]);
    onImport({ name: result.name, rules: result.rules });
  };
  const onExport = () => {
    try {
      const nsp = smartRulesToNsp(name || 'Smart playlist', null, rules);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([JSON.stringify(nsp, null, 2)], { type: 'application/json' }));
      link.download = `${(name || 'smart-playlist').replace(/[^\p{L}\p{N} _-]+/gu, '')}.nsp`;
      link.click();
      URL.revokeObjectURL(link.href);
      setProblems([]);
    } catch (error) {
      if (!(error instanceof NspMappingError)) throw error;
      setProblems([error.message]);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <FileTrigger
          acceptedFileTypes={['.nsp', 'application/json']}
          onSelect={(files) => void onFiles(files)}
        >
          <Button variant="outline" data-testid="smart-import-nsp">
            {trans('Import Navidrome .nsp')}
          </Button>
        </FileTrigger>
        <Button variant="outline" onPress={onExport} data-testid="smart-export-nsp">
          {trans('Export .nsp')}
        </Button>
      </div>
      {problems.length > 0 && (
        <ul role="alert" className="text-sm text-danger" data-testid="smart-nsp-problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
