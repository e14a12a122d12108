import { Field, ObjectType } from 'type-graphql';

@ObjectType('SsoConfiguration', { description: "The provider's endpoints for the browser's authorization-code flow with PKCE." })
export class SsoConfigurationType {
  @Field() issuer!: string;
  @Field() authorizationEndpoint!: string;
  @Field() tokenEndpoint!: string;
  @Field({ description: 'The public client id.' }) clientId!: string;
}
