import { Button } from '@cadence/ui/button';
import { clsx } from 'clsx';
import { UploadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DropZone, FileTrigger, Text } from 'react-aria-components';
import type { UploadedFile } from '../uploaded-file';
import { collectDroppedFiles, collectPickedFiles } from './collect-dropped-files';

export interface FileDropZoneProps {
  onFiles: (files: UploadedFile[]) => void;
  /** Mime patterns or extensions for the picker (`image/*`, `.mp3`). */
  acceptedFileTypes?: string[];
  allowsMultiple?: boolean;
  acceptDirectory?: boolean;
  label?: string;
  description?: ReactNode;
  buttonLabel?: string;
  isDisabled?: boolean;
  className?: string;
}

export function FileDropZone({
  onFiles,
  acceptedFileTypes,
  allowsMultiple = true,
  acceptDirectory = false,
  label = 'Drop files here',
  description = 'or pick them from your device',
  buttonLabel = 'Browse files',
  isDisabled = false,
  className,
}: FileDropZoneProps) {
  const deliver = (files: UploadedFile[]) => {
    if (files.length) onFiles(files);
  };
  return (
    <DropZone
      aria-label={label}
      isDisabled={isDisabled}
      onDrop={async (event) => deliver(await collectDroppedFiles(event.items))}
      className={({ isDropTarget, isFocusVisible }) =>
        clsx(
          'flex flex-col items-center justify-center gap-3 rounded-panel border-2 border-dashed p-8 text-center text-fg transition-colors',
          isDropTarget ? 'border-primary bg-primary/10' : 'border-divider bg-paper',
          isFocusVisible && 'ring-2 ring-primary/50',
          // The button shows the disabled state; dimming the text too would make it unreadable.
          isDisabled && 'cursor-not-allowed border-divider/50',
          className,
        )
      }
    >
      <UploadIcon aria-hidden className="size-8 text-muted" />
      <Text slot="label" className="font-medium">
        {label}
      </Text>
      {description && <span className="text-sm text-muted">{description}</span>}
      <FileTrigger
        acceptedFileTypes={acceptedFileTypes}
        allowsMultiple={allowsMultiple}
        acceptDirectory={acceptDirectory}
        onSelect={(list) => deliver(collectPickedFiles(list))}
      >
        <Button variant="outline" size="sm" isDisabled={isDisabled}>
          {buttonLabel}
        </Button>
      </FileTrigger>
    </DropZone>
  );
}
