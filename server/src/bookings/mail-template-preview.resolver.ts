import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { requireViewer } from '../users/actor.js';

/** The "Vorschau" of the instance's and the tenants' mail templates, as HTML for a sandboxed frame. */
@Resolver()
export class MailTemplatePreviewResolver {
  @Auth(AuthRule.INSTANCE_OWNER)
  @Query(() => String, { description: "A sample account mail in the given instance mail template (empty: the bundled default), as HTML." })
  async instanceMailTemplatePreview(@Arg('template', () => String) template: string, @Ctx() context: GraphQLContext): Promise<string> {
    return context.services.mailPreviews.instanceTemplate(await requireViewer(context), template);
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Query(() => String, { description: "A sample booking mail in the given tenant mail template (empty: the bundled default), as HTML." })
  async tenantMailTemplatePreview(@Arg('tenantId', () => ID) tenantId: string, @Arg('template', () => String) template: string, @Ctx() context: GraphQLContext): Promise<string> {
    return context.services.mailPreviews.tenantTemplate(await requireViewer(context), tenantId, template);
  }
}
