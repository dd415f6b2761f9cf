package com.example.data

import kotlinx.coroutines.flow.Flow
import kotlinx.serialization.*
import java.time.Instant as Time

/** Page size for every query. */
const val PAGE_SIZE = 50
val defaultClock: () -> Time = { Time.now() }

typealias UserId = Long

/**
 * A stored user.
 */
@Serializable
data class User(
    val id: UserId,
    val name: String,
) {
    val initials: String
        get() = name.take(2)

    fun rename(to: String): User = copy(name = to)

    companion object {
        const val ANONYMOUS = "anon"

        fun guest(): User = User(0, ANONYMOUS)
    }
}

interface Repository<T> {
    suspend fun find(id: UserId): T?

    fun all(): Flow<T>
}

enum class Role(val level: Int) {
    ADMIN(10),
    VIEWER(1);

    fun canWrite(): Boolean = level > 5
}

sealed class Result<out T> {
    data class Ok<T>(val value: T) : Result<T>()
    object Missing : Result<Nothing>()
}

object UserCache {
    private val entries = mutableMapOf<UserId, User>()

    @Synchronized
    fun put(user: User) {
        entries[user.id] = user
    }
}

class SqlRepository(private val url: String) : Repository<User> {
    constructor() : this("jdbc:sqlite::memory:")

    override suspend fun find(id: UserId): User? = null

    override fun all(): Flow<User> = TODO()
}

fun <T> List<T>.second(): T = this[1]
