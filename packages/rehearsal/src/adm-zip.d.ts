// The part of adm-zip the rehearsal uses (reading the site's zipped assets); it ships no types.
declare module "adm-zip" {
  interface ZipEntry {
    entryName: string;
    isDirectory: boolean;
    getData(): Buffer;
  }
  export default class AdmZip {
    constructor(file: string);
    getEntries(): ZipEntry[];
  }
}
