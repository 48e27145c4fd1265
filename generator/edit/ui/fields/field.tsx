import { memo } from 'react';
import { fieldKind } from '../model/schema.ts';
import { BooleanField } from './boolean-field.tsx';
import { ChoiceField } from './choice-field.tsx';
import type { FieldProps } from './field-props.ts';
import { IconField } from '../pickers/icon-field.tsx';
import { ImageField } from '../pickers/image-field.tsx';
import { ListField } from '../lists/list-field.tsx';
import { NumberField } from './number-field.tsx';
import { ObjectField } from './object-field.tsx';
import { OtherField } from './other-field.tsx';
import { ReferenceField } from '../pickers/reference-field.tsx';
import { TextField } from './text-field.tsx';

/** The field for a value, chosen by its schema's kind (and `x-edit` hint); `bare` is for an object's or a list's. */
export const Field = memo(function Field(props: FieldProps) {
  switch (fieldKind(props.schema)) {
    case 'object':
      return <ObjectField {...props} />;
    case 'list':
      return <ListField {...props} />;
    case 'text':
      return <TextField {...props} />;
    case 'number':
      return <NumberField {...props} />;
    case 'boolean':
      return <BooleanField {...props} />;
    case 'choice':
      return <ChoiceField {...props} />;
    case 'icon':
      return <IconField {...props} />;
    case 'image':
      return <ImageField {...props} />;
    case 'reference':
      return <ReferenceField {...props} />;
    case 'other':
      return <OtherField {...props} />;
  }
});
