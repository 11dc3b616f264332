/** The zod type of an uploaded file in a multipart body (see plugins/multipart.ts); server-only. */
import { z } from 'zod';
import { isUploadedFile, type UploadedFile } from '../plugins/multipart';

export const UploadedFileSchema = z.custom<UploadedFile>(isUploadedFile, { message: 'Must be an image file.' });
