package com.example.etl

import scala.concurrent.{ExecutionContext, Future}
import scala.util.Try

/** A stage of the pipeline. */
trait Stage[A, B] {
  def name: String
  def run(input: A): Future[B]
}

/** Runs stages in order. */
@deprecated("use Flow", "2.0")
final case class Pipeline[A](stages: List[Stage[A, A]]) extends Stage[A, A] {
  val name: String = "pipeline"
  private var runs = 0

  override def run(input: A): Future[A] =
    stages.foldLeft(Future.successful(input))((acc, s) => acc.flatMap(s.run))

  def size: Int = stages.size
}

object Pipeline {
  val MaxStages = 32
  type Id = String

  def empty[A]: Pipeline[A] = Pipeline(Nil)
}

sealed abstract class Outcome
case object Success extends Outcome

enum Mode:
  case Batch, Stream
  case Custom(name: String)

extension (p: Pipeline[Int])
  def total: Int = p.size

def main(args: Array[String]): Unit =
  println(Pipeline.empty[Int].size)
