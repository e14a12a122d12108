import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { requireViewer } from '../users/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import type { AccessLevel } from './file.rules.js';
import type { FileView } from './file.service.js';

export enum FileAccessLevel {
  public = 'public',
  protected = 'protected',
}
registerEnumType(FileAccessLevel, {
  name: 'FileAccessLevel',
  description: 'public: anyone with the link; protected: members of the tenant, its owners and instance owners.',
});

@ObjectType({ description: 'An uploaded file of a tenant.' })
export class TenantFile {
  @Field(() => String, { description: 'From the access folder on, e.g. "/public/rooms/a.jpg"; the name for download and delete.' })
  filename!: string;

  @Field(() => String) basename!: string;
  @Field(() => Date) lastmod!: Date;
  @Field(() => Int, { description: 'Bytes.' }) size!: number;
  @Field(() => String, { description: 'Always "file".' }) type!: string;
  @Field(() => String) etag!: string;
  @Field(() => String, { description: 'The content type the file is served with.' }) mime!: string;
  @Field(() => FileAccessLevel) accessLevel!: FileAccessLevel;
  @Field(() => String, { description: '{PUBLIC_URL}/api/{tenantId}/files/get?name={filename}' }) link!: string;
}

const asFile = (file: FileView): TenantFile => Object.assign(new TenantFile(), file, { accessLevel: file.accessLevel as FileAccessLevel });

/**
 * Files over GraphQL; the same FileService as REST api/{tenantId}/files. Downloads are REST only
 * (the `link` field). Uploads are multipart requests (graphql-multipart-request-spec) with the
 * `apollo-require-preflight` header.
 */
@Resolver(() => TenantFile)
export class FileResolver {
  @Query(() => [TenantFile], {
    description: 'The public files of the tenant for anyone; with includeProtected also the protected ones when the viewer is a member.',
  })
  async files(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('includeProtected', () => Boolean, { defaultValue: true }) includeProtected: boolean,
    @Ctx() context: GraphQLContext,
  ): Promise<TenantFile[]> {
    return (await context.services.files.list(await context.viewer(), tenantId, includeProtected)).map(asFile);
  }

  @Auth(AuthRule.FILE_UPLOADER)
  @Mutation(() => TenantFile, {
    description:
      'Stores a file at /{accessLevel}/{customDirectory}/{file name} (overwriting). manageBookables create or update rights; at most 10,000,000 bytes; allowed extensions as in docs/bookables-and-files.md (imagesOnly: jpg, jpeg, png, svg).',
  })
  async uploadFile(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Arg('accessLevel', () => FileAccessLevel) accessLevel: FileAccessLevel,
    @Arg('customDirectory', () => String, { nullable: true }) customDirectory: string | null,
    @Arg('imagesOnly', () => Boolean, { defaultValue: false }) imagesOnly: boolean,
    @Ctx() context: GraphQLContext,
  ): Promise<TenantFile> {
    const viewer = await requireViewer(context);
    const upload = await file;
    const stream = upload.createReadStream();
    const stored = await context.services.files.upload(viewer, tenantId, {
      fileName: upload.filename,
      stream,
      accessLevel: accessLevel as AccessLevel,
      customDirectory,
      imagesOnly,
    });
    return asFile(stored);
  }

  @Auth(AuthRule.FILE_DELETER)
  @Mutation(() => Boolean, { description: 'Deletes a file by its filename ("/public/rooms/a.jpg"); manageBookables.deleteAny or owners.' })
  async deleteFile(@Arg('tenantId', () => ID) tenantId: string, @Arg('name', () => String) name: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.files.remove(await requireViewer(context), tenantId, name);
    return true;
  }
}
