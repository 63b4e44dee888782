import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import { formatFileSize } from '../format-file-size';
import type { TUploadItem } from '../upload-types';

/** One line under the file name; failures without a server message read as spec 8's generic text. */
export function uploadStatusText(item: TUploadItem): string {
  switch (item.status) {
    case 'pending':
      return 'Waiting';
    case 'inProgress':
      return `${formatFileSize(item.bytesUploaded)} of ${formatFileSize(item.file.size)}`;
    case 'completed':
      return 'Uploaded';
    case 'aborted':
      return 'Cancelled';
    case 'failed':
      return item.errorMessage ?? GENERIC_ERROR_MESSAGE;
  }
}
