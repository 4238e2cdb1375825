export declare const SCHEMA_FILE: string;
export interface SchemaField {
  name: string;
  type: string;
  hidden?: boolean;
  system?: boolean;
  required?: boolean;
  collection?: string;
  [option: string]: unknown;
}
export interface SchemaCollection {
  name: string;
  type: string;
  fields: SchemaField[];
  indexes?: string[];
  [option: string]: unknown;
}
export declare function readSchema(url: string, token: string): Promise<SchemaCollection[]>;
export declare function schemaText(schema: SchemaCollection[]): string;
