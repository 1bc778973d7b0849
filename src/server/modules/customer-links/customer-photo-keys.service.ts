import { storedFileReferences } from '../../db/stored-file-references';
import { customerPhotos } from './customer-links.schema';

/** The stored files the customer's photos name, for the sweep. */
export const customerPhotoFileReferences = storedFileReferences([customerPhotos.storageKey]);
