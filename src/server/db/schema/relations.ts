import { relations } from 'drizzle-orm';
import { categories, categoryParameters, facilities, parameters } from './catalog.ts';
import { articleCategories, articles } from './content.ts';
import { favourites, interestedUsers, reportReasons, reports } from './engagement.ts';
import { blockedUsers, messages, notifications, pushSubscriptions } from './messaging.ts';
import {
  advertisements,
  packageFeatures,
  packages,
  paymentTransactions,
  userPackageUsage,
  userPackages,
} from './packages.ts';
import { projectPlans, projects } from './projects.ts';
import { properties, propertyFacilities, propertyFloors, propertyParameters } from './properties.ts';
import { sessions } from './auth.ts';
import { users } from './users.ts';
import {
  agentVerificationFields,
  agentVerificationRequests,
  agentVerificationValues,
  personalisedFields,
} from './verification.ts';

/*
 * Relations for drizzle's relational queries (`db.query.properties.findMany({ with: { floors: true } })`).
 * They add no SQL: the foreign keys live on the tables. Where two foreign keys join the same pair of tables
 * (a message's sender and receiver), `relationName` pairs each side with its inverse.
 */

export const usersRelations = relations(users, ({ many, one }) => ({
  properties: many(properties),
  projects: many(projects),
  favourites: many(favourites),
  interests: many(interestedUsers),
  sentMessages: many(messages, { relationName: 'message_sender' }),
  receivedMessages: many(messages, { relationName: 'message_receiver' }),
  notifications: many(notifications),
  pushSubscriptions: many(pushSubscriptions),
  packages: many(userPackages),
  payments: many(paymentTransactions),
  advertisements: many(advertisements),
  verificationRequests: many(agentVerificationRequests, { relationName: 'verification_applicant' }),
  personalisedFields: one(personalisedFields),
  sessions: many(sessions),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  properties: many(properties),
  projects: many(projects),
  parameters: many(categoryParameters),
}));

export const parametersRelations = relations(parameters, ({ many }) => ({
  categories: many(categoryParameters),
  values: many(propertyParameters),
}));

export const categoryParametersRelations = relations(categoryParameters, ({ one }) => ({
  category: one(categories, { fields: [categoryParameters.categoryId], references: [categories.id] }),
  parameter: one(parameters, { fields: [categoryParameters.parameterId], references: [parameters.id] }),
}));

export const facilitiesRelations = relations(facilities, ({ many }) => ({
  properties: many(propertyFacilities),
}));

export const propertiesRelations = relations(properties, ({ one, many }) => ({
  owner: one(users, { fields: [properties.ownerId], references: [users.id] }),
  category: one(categories, { fields: [properties.categoryId], references: [categories.id] }),
  floors: many(propertyFloors),
  parameters: many(propertyParameters),
  facilities: many(propertyFacilities),
  favourites: many(favourites),
  interestedUsers: many(interestedUsers),
  reports: many(reports),
  advertisements: many(advertisements),
}));

export const propertyFloorsRelations = relations(propertyFloors, ({ one }) => ({
  property: one(properties, { fields: [propertyFloors.propertyId], references: [properties.id] }),
}));

export const propertyParametersRelations = relations(propertyParameters, ({ one }) => ({
  property: one(properties, { fields: [propertyParameters.propertyId], references: [properties.id] }),
  parameter: one(parameters, { fields: [propertyParameters.parameterId], references: [parameters.id] }),
}));

export const propertyFacilitiesRelations = relations(propertyFacilities, ({ one }) => ({
  property: one(properties, { fields: [propertyFacilities.propertyId], references: [properties.id] }),
  facility: one(facilities, { fields: [propertyFacilities.facilityId], references: [facilities.id] }),
}));

export const projectsRelations = relations(projects, ({ one, many }) => ({
  owner: one(users, { fields: [projects.ownerId], references: [users.id] }),
  category: one(categories, { fields: [projects.categoryId], references: [categories.id] }),
  plans: many(projectPlans),
  advertisements: many(advertisements),
}));

export const projectPlansRelations = relations(projectPlans, ({ one }) => ({
  project: one(projects, { fields: [projectPlans.projectId], references: [projects.id] }),
}));

export const favouritesRelations = relations(favourites, ({ one }) => ({
  user: one(users, { fields: [favourites.userId], references: [users.id] }),
  property: one(properties, { fields: [favourites.propertyId], references: [properties.id] }),
}));

export const interestedUsersRelations = relations(interestedUsers, ({ one }) => ({
  user: one(users, { fields: [interestedUsers.userId], references: [users.id] }),
  property: one(properties, { fields: [interestedUsers.propertyId], references: [properties.id] }),
}));

export const reportReasonsRelations = relations(reportReasons, ({ many }) => ({
  reports: many(reports),
}));

export const reportsRelations = relations(reports, ({ one }) => ({
  user: one(users, { fields: [reports.userId], references: [users.id] }),
  property: one(properties, { fields: [reports.propertyId], references: [properties.id] }),
  reason: one(reportReasons, { fields: [reports.reasonId], references: [reportReasons.id] }),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  sender: one(users, { fields: [messages.senderId], references: [users.id], relationName: 'message_sender' }),
  receiver: one(users, {
    fields: [messages.receiverId],
    references: [users.id],
    relationName: 'message_receiver',
  }),
  property: one(properties, { fields: [messages.propertyId], references: [properties.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const blockedUsersRelations = relations(blockedUsers, ({ one }) => ({
  blocker: one(users, { fields: [blockedUsers.blockerId], references: [users.id], relationName: 'block_blocker' }),
  blocked: one(users, { fields: [blockedUsers.blockedId], references: [users.id], relationName: 'block_blocked' }),
}));

export const pushSubscriptionsRelations = relations(pushSubscriptions, ({ one }) => ({
  user: one(users, { fields: [pushSubscriptions.userId], references: [users.id] }),
}));

export const packagesRelations = relations(packages, ({ many }) => ({
  features: many(packageFeatures),
  subscriptions: many(userPackages),
}));

export const packageFeaturesRelations = relations(packageFeatures, ({ one }) => ({
  package: one(packages, { fields: [packageFeatures.packageId], references: [packages.id] }),
}));

export const userPackagesRelations = relations(userPackages, ({ one, many }) => ({
  user: one(users, { fields: [userPackages.userId], references: [users.id] }),
  package: one(packages, { fields: [userPackages.packageId], references: [packages.id] }),
  usage: many(userPackageUsage),
}));

export const userPackageUsageRelations = relations(userPackageUsage, ({ one }) => ({
  userPackage: one(userPackages, { fields: [userPackageUsage.userPackageId], references: [userPackages.id] }),
}));

export const paymentTransactionsRelations = relations(paymentTransactions, ({ one }) => ({
  user: one(users, { fields: [paymentTransactions.userId], references: [users.id] }),
  package: one(packages, { fields: [paymentTransactions.packageId], references: [packages.id] }),
}));

export const advertisementsRelations = relations(advertisements, ({ one }) => ({
  user: one(users, { fields: [advertisements.userId], references: [users.id] }),
  property: one(properties, { fields: [advertisements.propertyId], references: [properties.id] }),
  project: one(projects, { fields: [advertisements.projectId], references: [projects.id] }),
}));

export const articleCategoriesRelations = relations(articleCategories, ({ many }) => ({
  articles: many(articles),
}));

export const articlesRelations = relations(articles, ({ one }) => ({
  category: one(articleCategories, { fields: [articles.categoryId], references: [articleCategories.id] }),
}));

export const agentVerificationFieldsRelations = relations(agentVerificationFields, ({ many }) => ({
  values: many(agentVerificationValues),
}));

export const agentVerificationValuesRelations = relations(agentVerificationValues, ({ one }) => ({
  request: one(agentVerificationRequests, {
    fields: [agentVerificationValues.requestId],
    references: [agentVerificationRequests.id],
  }),
  field: one(agentVerificationFields, {
    fields: [agentVerificationValues.fieldId],
    references: [agentVerificationFields.id],
  }),
}));

export const agentVerificationRequestsRelations = relations(agentVerificationRequests, ({ one, many }) => ({
  values: many(agentVerificationValues),
  user: one(users, {
    fields: [agentVerificationRequests.userId],
    references: [users.id],
    relationName: 'verification_applicant',
  }),
  reviewer: one(users, {
    fields: [agentVerificationRequests.reviewedBy],
    references: [users.id],
    relationName: 'verification_reviewer',
  }),
}));

export const personalisedFieldsRelations = relations(personalisedFields, ({ one }) => ({
  user: one(users, { fields: [personalisedFields.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
